"""`python -m dockyard` is the `dockyard` command."""

from .cli import main

raise SystemExit(main())
