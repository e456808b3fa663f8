"""The ``certify aggregate FILE.json`` command: the command-line face of ``certify.aggregate``.

Prints, for the given coefficients (if any), the plain average, the exact local fit (weighted
model) and the optimum: the exact worst-case error, the slope ``W`` and perturbation ``ε``
that attain it with the error they attain (evaluated), the estimate and the interval it
certifies for the truth, and for the optimum its method and its proved gap.  ``--json`` prints
the same figures as one ``certify.aggregate/1`` document, exact values as strings.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from certify.errors import ExitCode, TextError
from certify.records import Record

if TYPE_CHECKING:
    from certify.aggregate import LocalFit, Pricing
    from certify.aggregate.exact import Surd
    from certify.aggregate.optimum import Optimum
    from certify.aggregate.parse import Request

app = typer.Typer(
    add_completion=False,
    help="The exact worst-case error of an aggregation whose coefficients sum to one.",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

SHOWN = 8
"""Vectors longer than this are shown by their first entries in text (JSON has them all)."""

FORMULAS = {
    "weighted": "R_W ‖Σ_j s_j (k_j − q)‖₂ + δ ‖P^{-1/2} s‖₂",
    "per-statement": "R_W ‖Σ_j s_j (k_j − q)‖₂ + Σ_j |s_j| δ_j",
}


class Outcome(Record):
    """Everything the command reports about one file."""

    request: Request
    given: Pricing | None
    plain: Pricing
    fit: LocalFit | None
    fit_pricing: Pricing | None
    best: Optimum


def compute(request: Request) -> Outcome:
    """Price the given coefficients, the plain average, the local fit, and find the optimum."""
    from certify.aggregate import local_fit, optimal_coefficients, softmax_weights
    from certify.aggregate import worst_case_error as price

    design = request.design
    given = price(design, request.coefficients) if request.coefficients is not None else None
    fit = local_fit(design)
    fit_pricing = price(design, fit.coefficients) if fit is not None else None
    plain = price(design, softmax_weights(design))
    return Outcome(request, given, plain, fit, fit_pricing, optimal_coefficients(design))


def _model(request: Request) -> str:
    from certify.aggregate import Weighted

    return "weighted" if isinstance(request.design.tolerance, Weighted) else "per-statement"


def _surd(value: Surd | Fraction) -> Surd:
    from certify.aggregate.exact import Surd

    return value if isinstance(value, Surd) else Surd.of(value)


def shown(value: Surd | Fraction, short: int = 28) -> str:
    """``3``, ``2√(2) ≈ 2.828427``, ``1/3 ≈ 0.3333333``; ``≈ 2.732051`` when the exact is long."""
    surd = _surd(value)
    text, approx = str(surd), f"{float(surd):.7g}"
    rational = surd.rational()
    if len(text) > short or (rational is not None and rational.denominator > 10**4):
        return f"≈ {approx}"
    return f"{text} ≈ {approx}" if rational is None or "/" in text else text


def vector(values: Sequence[Surd | Fraction]) -> str:
    """``(1/2, 1/2)`` when every entry is short and exact, else ``≈ (0.788675, 0.211325)``."""
    surds = [_surd(v) for v in values[:SHOWN]]
    more = f", … ({len(values)} in all)" if len(values) > SHOWN else ""
    texts = [str(s) for s in surds]
    if all(len(t) <= 12 for t in texts):
        return f"({', '.join(texts)}{more})"
    return f"≈ ({', '.join(f'{float(s):.6g}' for s in surds)}{more})"


def _is(text: str) -> str:
    """``= text``, or ``≈ …`` as it stands when the text is already an approximation."""
    return text if text.startswith("≈") else f"= {text}"


def interval(low: Surd, high: Surd) -> str:
    """``[-3, 3]``, ``[-2√(2), 2√(2)] ≈ [-2.828427, 2.828427]`` or ``≈ [-2.732051, 2.732051]``."""
    approx = f"[{float(low):.7g}, {float(high):.7g}]"
    exact = f"[{low}, {high}]"
    if len(exact) > 40:
        return f"≈ {approx}"
    return exact if low.rational() is not None and exact == approx else f"{exact} ≈ {approx}"


def _pricing_lines(pricing: Pricing, values: Sequence[Fraction] | None) -> list[str]:
    from certify.aggregate import estimate

    error = pricing.error
    verdict = "equal to the formula" if pricing.attains else "NOT equal to the formula (a bug)"
    lines = [
        f"  s {_is(vector(pricing.coefficients))}",
        f"  worst-case error {shown(error)}",
        f"    = reproduction {shown(pricing.reproduction)} + amplification "
        f"{shown(pricing.amplification)}",
        f"  attained by W {_is(vector(pricing.gradient))}"
        f" and ε {_is(vector(pricing.perturbation))}:",
        f"    Σ_j s_j (W·(k_j − q) + ε_j) {_is(shown(pricing.attained))}, {verdict}",
    ]
    if values is not None:
        value = _surd(estimate(pricing.coefficients, values))
        lines.append(
            f"  estimate sᵀv {_is(shown(value))}: the value at the query is in "
            f"{interval(value - error, value + error)}"
        )
    return lines


def render_text(outcome: Outcome, path: str) -> str:
    """The report for people."""
    from certify.aggregate import Weighted

    design = outcome.request.design
    tolerance = design.tolerance
    lines = [
        f"{path}: {design.size} values, keys in {len(design.query)} dimension"
        f"{'s' if len(design.query) > 1 else ''}, query {vector(design.query)}, "
        f"R_W {_is(shown(design.radius))}"
    ]
    if isinstance(tolerance, Weighted):
        lines.append(
            f"  weighted tolerance ‖P^{{1/2}} ε‖₂ ≤ δ with δ {_is(shown(tolerance.delta))}, "
            f"P = diag{vector(tolerance.weights)}"
        )
    else:
        lines.append(f"  per-statement tolerances |ε_j| ≤ δ_j, δ = {vector(tolerance.deltas)}")
    lines.append(f"  worst-case error of s (Σ_j s_j = 1): {FORMULAS[_model(outcome.request)]}")
    values = outcome.request.values
    if outcome.given is not None:
        lines += ["", "given coefficients:", *_pricing_lines(outcome.given, values)]
    plain = "plain average (s = p)" if isinstance(tolerance, Weighted) else "plain average"
    lines += ["", f"{plain}:", *_pricing_lines(outcome.plain, values)]
    if outcome.fit is not None and outcome.fit_pricing is not None:
        fit = outcome.fit
        lines += ["", f"exact local fit ρ₀ = C⁻¹m = {vector(fit.direction)}:"]
        lines += _pricing_lines(outcome.fit_pricing, values)
        relation = "≤" if fit.optimal else ">"
        lines.append(
            f"  {'the optimum' if fit.optimal else 'not the optimum'}: δ‖ρ₀‖ = {shown(fit.left)} "
            f"{relation} R_W √(1 + ρ₀ᵀCρ₀) = {shown(fit.right)}"
        )
    elif isinstance(tolerance, Weighted):
        lines += ["", "exact local fit: none (the query is off the affine hull of the keys)"]
    lines += ["", *_optimum_lines(outcome.best, values)]
    return "\n".join(lines) + "\n"


def _optimum_lines(best: Optimum, values: Sequence[Fraction] | None) -> list[str]:
    from certify.aggregate.optimum import TOLERANCE

    head = f"  by {best.method}"
    if best.ridge is not None:
        head += f": λ ≈ {best.ridge[1]:.10g}"
    if best.direction is not None:
        head += f", ρ ≈ ({', '.join(f'{x:.6g}' for x in best.direction[:SHOWN])})"
    if best.rounds:
        head += f" ({best.rounds} LP{'s' if best.rounds > 1 else ''})"
    lines = ["optimum:", head, *_pricing_lines(best.pricing, values)]
    gap = float(best.gap)
    bound = (
        f"no coefficients summing to one do better than {shown(best.lower_bound)}"
        f" (dual certificate: W {_is(vector(best.witness))})"
    )
    if best.exact and gap == 0:
        return [*lines, f"  optimal, proved exactly: {bound}"]
    if best.exact:
        lines.append("  optimal, proved exactly by §4's condition; and independently:")
    within = gap <= TOLERANCE * max(1.0, float(best.pricing.error))
    return [
        *lines,
        f"  {bound},",
        f"  so these coefficients are within {gap:.2g} of the optimum"
        + ("" if within else f", more than the tolerance {TOLERANCE:g} (relative)"),
    ]


def _figure(value: Surd | Fraction) -> dict[str, Any]:
    surd = _surd(value)
    return {"exact": str(surd), "float": float(surd)}


def _pricing_json(pricing: Pricing, values: Sequence[Fraction] | None) -> dict[str, Any]:
    from certify.aggregate import estimate

    document: dict[str, Any] = {
        "coefficients": [_figure(c) for c in pricing.coefficients],
        "error": _figure(pricing.error),
        "reproduction": _figure(pricing.reproduction),
        "amplification": _figure(pricing.amplification),
        "W": [_figure(g) for g in pricing.gradient],
        "epsilon": [_figure(e) for e in pricing.perturbation],
        "attained": _figure(pricing.attained),
        "attains": pricing.attains,
        "estimate": None,
        "truth_within": None,
    }
    if values is not None:
        value = _surd(estimate(pricing.coefficients, values))
        document["estimate"] = _figure(value)
        document["truth_within"] = [_figure(value - pricing.error), _figure(value + pricing.error)]
    return document


def render_json(outcome: Outcome, path: str) -> dict[str, Any]:
    """The ``certify.aggregate/1`` document: the text report's figures, exact as strings."""
    from certify.aggregate.optimum import TOLERANCE

    values = outcome.request.values
    fit = outcome.fit
    best = outcome.best
    return {
        "schema": "certify.aggregate/1",
        "file": path,
        "model": _model(outcome.request),
        "formula": FORMULAS[_model(outcome.request)],
        "given": _pricing_json(outcome.given, values) if outcome.given else None,
        "plain_average": _pricing_json(outcome.plain, values),
        "local_fit": None
        if fit is None or outcome.fit_pricing is None
        else {
            "rho": [_figure(r) for r in fit.direction],
            "optimal": fit.optimal,
            "condition": {"delta_rho": _figure(fit.left), "R_W_root": _figure(fit.right)},
            **_pricing_json(outcome.fit_pricing, values),
        },
        "optimum": {
            "method": best.method,
            "exact": best.exact,
            "lower_bound": _figure(best.lower_bound),
            "gap": float(best.gap),
            "tolerance": TOLERANCE,
            "witness_W": [_figure(w) for w in best.witness],
            "rho": list(best.direction) if best.direction is not None else None,
            "lambda": None if best.ridge is None else {"low": best.ridge[0], "high": best.ridge[1]},
            "lp_rounds": best.rounds,
            **_pricing_json(best.pricing, values),
        },
    }


@app.command()
def aggregate(
    file: Annotated[str, typer.Argument(help="A JSON file: keys, values, query, R_W, the model.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the figures as one JSON document.")
    ] = False,
) -> None:
    """Price an aggregation: its exact worst-case error, attained, and the optimal coefficients."""
    from certify.aggregate.parse import read_request

    try:
        request = read_request(file)
        outcome = compute(request)
    except TextError as error:
        sys.stderr.write(error.render() + "\n")
        raise typer.Exit(int(ExitCode.BAD_TEXT)) from None
    except Exception as error:  # a bug, reported as one (SPEC section 8)
        message = f"{type(error).__name__}: {error}"
        sys.stderr.write(f"certify aggregate: internal error (a bug in certify): {message}\n")
        raise typer.Exit(int(ExitCode.INTERNAL)) from None
    if as_json:
        sys.stdout.write(json.dumps(render_json(outcome, file), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(render_text(outcome, file))
    raise typer.Exit(int(ExitCode.OK))


def main(argv: list[str]) -> None:
    """Run ``certify aggregate`` with these arguments."""
    app(args=argv, prog_name="certify aggregate")
