"""The command line: the typer app, batches, updates, files, certify verify, certify aggregate."""
