"""Reference semantics that share nothing with certify (issue 8, "Forced must mean forced").

The modules here build texts from their own abstract representation, render them to the
English of SPEC section 3, and answer their questions from SPEC section 2 directly, by brute
force over their own state representation. They use certify only through its public API
(``certify.check``, ``TextError``, ``CertifyError`` and ``certify.report.to_json``).
"""
