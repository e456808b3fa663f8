"""certify: certified answer sets for small logical texts in controlled English."""

__version__ = "0.1.0"
