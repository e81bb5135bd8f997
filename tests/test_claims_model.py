"""Claims beside their derivations, papers registered by the application, results that hold
mathematics and are rendered at the edge."""

import types

import pytest
import sympy as sp

from symmetric.claims import ClaimVerdict, Derivation, Paper, PrintedLatex, claim, claims_in
from symmetric.claims.registry import Registry, run_claim
from symmetric.errors import UnknownNameError, UnsoundResultError
from symmetric.evidence import Counterexample, say
from symmetric.logic import Verdict
from symmetric.render import latex, text

x = sp.Symbol("x")


def _module(name, *functions):
    module = types.ModuleType(name)
    for f in functions:
        f.__module__ = name
        setattr(module, f.__name__, f)
    return module


def _derive_ok(d):
    d.equal("x + x = 2x", x + x, 2 * x)
    d.conclude(True, "done")


def test_claim_decorator_and_definition_order():
    first = claim("demo.b", where="Sec. 2", statement="B")(lambda d: d.conclude(True, "b"))
    first.__name__ = "first"
    second = claim("demo.a", where="Sec. 1", statement="A")(lambda d: d.conclude(True, "a"))
    second.__name__ = "second"
    helper = lambda d: None                                      # noqa: E731 - not a claim
    helper.__name__ = "helper"
    module = _module("demo_mod", first, helper, second)
    claims = claims_in(module)
    assert [c.id for c in claims] == ["demo.b", "demo.a"]       # definition order, not id order
    assert {c.paper for c in claims} == {"demo"}
    assert claims[0].where == "Sec. 2" and claims[0].statement == "B"


def test_claims_in_skips_functions_imported_from_elsewhere():
    own = claim("demo.own", where="", statement="")(lambda d: None)
    own.__name__ = "own"
    module = _module("demo_home", own)
    other = types.ModuleType("demo_other")
    other.own = own                                              # imported, not defined, there
    assert [c.id for c in claims_in(module)] == ["demo.own"]
    assert claims_in(other) == ()


@pytest.mark.parametrize("bad", ["nopaper", "paper.", ".name"])
def test_claim_ids_name_their_paper(bad):
    with pytest.raises(ValueError):
        claim(bad, where="", statement="")


def test_a_paper_lists_only_its_own_claims():
    stranger = claim("other.x", where="", statement="")(lambda d: None)
    with pytest.raises(ValueError):
        Paper("demo", (stranger.__claim__,))


def test_registry_is_explicit_idempotent_and_refuses_duplicate_ids():
    ok = claim("demo.ok", where="w", statement="s")(_derive_ok)
    paper = Paper("demo", (ok.__claim__,))
    registry = Registry()
    assert registry.all_claims() == ()
    registry.register([paper])
    registry.register([paper])
    assert [c.id for c in registry.all_claims()] == ["demo.ok"]
    with pytest.raises(RuntimeError):
        registry.register([Paper("demo", (ok.__claim__,), prepare=lambda: None)])
    with pytest.raises(UnknownNameError):
        registry.select(["nothing"])


def test_prepare_runs_once_per_selected_paper():
    calls = []
    ok = claim("prep.ok", where="", statement="")(_derive_ok)
    registry = Registry([Paper("prep", (ok.__claim__,), prepare=lambda: calls.append(1))])
    results = list(registry.run(registry.select(["prep"])))
    assert calls == [1] and results[0].verdict is ClaimVerdict.PROVED


@pytest.mark.parametrize("status,word", [(Verdict.HOLDS, "holds"), (Verdict.FAILS, "wrong"),
                                         (Verdict.UNDETERMINED, "undecided")])
def test_step_status_words(status, word):
    assert text.step_status(status) == word


@pytest.mark.parametrize("value,expected", [
    (None, ""),
    (PrintedLatex(r"\frac{1}{2}"), r"\frac{1}{2}"),
    (PrintedLatex(r"\text{{top {0}}} = {1}", 2, sp.Rational(1, 2)), r"\text{top 2} = \frac{1}{2}"),
    (Verdict.FAILS, "fails"),
    (sp.Rational(3, 4), r"\frac{3}{4}"),
])
def test_step_forms_are_rendered_at_the_edge(value, expected):
    assert latex.tex_math(value) == expected


def test_derivation_records_mathematics_not_latex():
    def derive(d: Derivation):
        d.fact("typed", True, printed=r"\alpha", derived=sp.Rational(1, 2))
        d.equal("wrong", x + 1, x + 2)
        d.counterexample("x = 1 breaks it", {"x": 1}, sp.Ne(x + 1, x + 2))
        d.conclude(False, say("refuted at {0}", sp.Eq(x, 1)))

    derive.__name__ = "derive"
    result = run_claim(claim("demo.math", where="", statement="")(derive).__claim__)
    typed, wrong = result.steps
    assert typed.printed == PrintedLatex(r"\alpha") and typed.derived == sp.Rational(1, 2)
    assert typed.status is Verdict.HOLDS and wrong.status is Verdict.FAILS
    assert result.discrepancies == (wrong,)
    assert result.verdict is ClaimVerdict.REFUTED
    cx = result.counterexample
    assert isinstance(cx, Counterexample) and cx["x"] == 1 and cx.relation == sp.Ne(x + 1, x + 2)
    assert text.prose(result.conclusion) == "refuted at x = 1"
    assert "$x = 1$" in latex.tex_text(result.conclusion)


def test_a_counterexample_that_does_not_check_is_refused():
    def derive(d: Derivation):
        d.counterexample("not one", {"x": 1}, sp.Eq(x, 2))

    derive.__name__ = "derive"
    with pytest.raises(UnsoundResultError):
        derive(Derivation(claim("demo.bad", where="", statement="")(derive).__claim__))


@pytest.mark.parametrize("claim_id,needed", [
    ("amigo.appendix.utility_absolute_weighting", {("Utility", "AW")}),
    ("amigo.appendix.f_growing_quality", {("F", "NIGQ")}),
])
def test_one_amigo_claim_computes_only_the_cells_it_uses(claim_id, needed, monkeypatch):
    # `symmetric show` of one claim must not pay for the whole shared property table
    import derivations
    from derivations.amigo import common
    from symmetric.claims import registry
    registry.register(derivations.PAPERS)
    from symmetric.properties import driver
    monkeypatch.setattr(driver, "_DECIDED", {})         # nothing decided yet in this process
    monkeypatch.setattr(driver, "_MISSED", set())
    result = run_claim(registry.claim_by_id(claim_id))
    assert result.verdict is ClaimVerdict.PROVED
    assert {(m.name, prop) for m, prop, *_ in driver._DECIDED if m.name in common.PROPERTY_MEASURES} == needed


def _lam_noninformative():
    from symmetric.space import s
    root = sp.sqrt(1 - s) * sp.sqrt(1 / (1 - s))
    return root / (root + 1)


@pytest.mark.parametrize("domain_name,expected", [
    ("non-informative", sp.Rational(1, 2)),     # 0 < P(S) < 1: the roots cancel
    ("unconstrained", None),                      # P(S) > 1 allowed: they do not, nothing is rewritten
])
def test_a_derived_form_is_shown_shorter_only_when_proved_equal_on_its_domain(domain_name, expected):
    from symmetric.claims.readable import readable
    from symmetric.domain import EVERYWHERE
    from symmetric.space import NONINFORMATIVE_DOMAIN
    domain = {"non-informative": NONINFORMATIVE_DOMAIN, "unconstrained": EVERYWHERE}[domain_name]
    shown = readable(_lam_noninformative(), domain)
    assert shown == (expected if expected is not None else sp.factor(_lam_noninformative()))


def test_a_rule_whose_form_is_not_proved_equal_is_never_shown(monkeypatch):
    from symmetric.claims import readable as module
    from symmetric.space import NONINFORMATIVE_DOMAIN
    wrong = (("wrong", lambda e, d: sp.Rational(1, 3)),)
    monkeypatch.setattr(module, "READABLE_RULES", wrong)
    monkeypatch.setattr(module, "SHORT_FORM_RULES", wrong)     # the rules tried on short forms too
    module._readable.cache_clear()          # a form shown before under the real rules is not reused
    try:
        assert module.readable(_lam_noninformative(), NONINFORMATIVE_DOMAIN) == sp.factor(_lam_noninformative())
    finally:
        module._readable.cache_clear()      # nor is this one after the test


def test_a_joint_form_is_shown_back_in_the_papers_symbols():
    # Lam% over P(S and G), P(S), P(G): its shown form is proved equal and has no helper symbols
    from symmetric.checks.decide import is_identically_zero
    from symmetric.claims.readable import readable
    from symmetric.measures import registry
    from symmetric.space import JOINT_DOMAIN, g, j, s
    form = registry.get("Lam%").joint_form
    shown = readable(form, JOINT_DOMAIN)
    assert shown.free_symbols <= {g, j, s} and len(str(shown)) < len(str(form))
    assert is_identically_zero(shown - form, JOINT_DOMAIN).value is True
