"""Import / Export: rule tests quoting the rulebook (import-export-rulebook.txt), written for
the mutation testing of scoring, shipments, importing and effects
(.mutation/import_export.toml)."""
