"""Lark grammars: core.lark plus one per game."""
