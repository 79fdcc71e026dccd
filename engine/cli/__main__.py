"""``python -m engine.cli``: the same as the ``bezique`` command."""
import sys

from engine.cli import main

sys.exit(main())
