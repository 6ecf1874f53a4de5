"""A cosmic-ray filter: mutate only the functions a config lists for a module, by name (a
module not listed is mutated whole). Import / Export's effects.py holds every power's words;
the mutation testing covers those that pay or end the game. Names, not line numbers, so that
an edit elsewhere in the module does not move the range.

    [cosmic-ray.filters.function-filter]
    "plugins/import_export/effects.py" = ["transfer", "e_pay", ...]

Usage: python .mutation/functions.py SESSION --config CONFIG
"""

from __future__ import annotations

import sys
from argparse import Namespace
from pathlib import Path

from cosmic_ray.config import load_config
from cosmic_ray.tools.filters.filter_app import FilterApp
from cosmic_ray.work_db import WorkDB
from cosmic_ray.work_item import WorkerOutcome, WorkResult


class FunctionFilter(FilterApp):
    """Skips the mutants of a listed module outside its listed functions."""

    def description(self) -> str:
        return __doc__ or ""

    def add_args(self, parser) -> None:  # type: ignore[no-untyped-def]
        parser.add_argument("--config", required=True, help="Config file to use")

    def filter(self, work_db: WorkDB, args: Namespace) -> None:
        config = load_config(args.config)
        wanted = {
            Path(module): set(names)
            for module, names in config.sub("filters", "function-filter").items()
        }
        skipped = [
            item.job_id
            for item in work_db.pending_work_items
            for m in item.mutations
            if Path(m.module_path) in wanted
            and m.definition_name not in wanted[Path(m.module_path)]
        ]
        if skipped:
            work_db.set_multiple_results(
                skipped,
                WorkResult(output="Filtered function-filter", worker_outcome=WorkerOutcome.SKIPPED),
            )


if __name__ == "__main__":
    sys.exit(FunctionFilter().main())
