"""The engine's speed machinery, kept apart from the rules it serves: cloning states, calling
hooks directly, parsing action text without lark's tree, reading entry points without
importlib.metadata, the private disk cache and the shared set-ups. Part of the engine: the
engine imports it, and it imports nothing but the engine."""
