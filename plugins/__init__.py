"""Built-in game plugins, one subpackage per game."""
