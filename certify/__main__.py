"""``python -m certify``."""

from certify.cli import main

main()
