"""What `dockyard.testing` exports, imported on first use (the package's `__getattr__`), so the
pytest plugin (`pytest_plugin.py`, loaded by every pytest run with dockyard installed) costs
nothing until its options or fixtures are used."""

# ruff: noqa: F401
from .bots import check_bots
from .compare import StateImage, difference, snapshot, state_data
from .determinism import check_determinism
from .hidden_information import check_hidden_information
from .illegal_actions import check_illegal_actions
from .legality import check_legality, near_misses
from .many_tables import check_many_tables
from .playout import Playout
from .random_playouts import check_playouts, conservation
from .round_trips import check_round_trips
from .saves_and_undo import check_saves_and_undo
from .suite import CHECK_TABLE, CHECKS, check_game, check_table, game_tables
from .table import DEFAULT_MAX_STEPS, Budget, SuiteFailure, SuiteTable, step_cap, tables
