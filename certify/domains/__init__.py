"""Numeric abstract domains: boxes, difference bounds, octagons and exact linear arithmetic.

Each domain reads a conjunction of ``LinearConstraint`` values and answers with sound outer
bounds, checked witnesses and emptiness certificates (SPEC section 4); ``classify`` picks the
cheapest domain that is exact for a group of constraints.
"""
