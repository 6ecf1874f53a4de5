"""Built-in content: one folder per game."""
