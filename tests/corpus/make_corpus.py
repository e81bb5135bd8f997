"""Writes tests/corpus/classification.toml and quantification.toml (run by hand; the output is
committed).  Hand-picked measures first, then seeded random rational functions: the same seed
gives the same corpus, so a finding can be reproduced by name.

    python tests/corpus/make_corpus.py
"""

from __future__ import annotations

import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 20261124

# (name, form, expression, params, orientation)
HAND = [
    # classic
    ("Accuracy", "counts", "(TP + TN) / n", (), "higher"),
    ("ErrorRate", "counts", "(FP + FN) / n", (), "lower"),
    ("Precision", "counts", "TP / PP", (), "higher"),
    ("Recall", "counts", "TP / AP", (), "higher"),
    ("Specificity", "counts", "TN / AN", (), "higher"),
    ("NPV", "counts", "TN / PN", (), "higher"),
    ("FPR", "counts", "FP / AN", (), "lower"),
    ("FNR", "counts", "FN / AP", (), "lower"),
    ("FDR", "counts", "FP / PP", (), "lower"),
    ("F1Counts", "counts", "2*TP / (2*TP + FP + FN)", (), "higher"),
    ("F2Counts", "counts", "5*TP / (5*TP + 4*FN + FP)", (), "higher"),
    ("Jaccard", "counts", "TP / (TP + FP + FN)", (), "higher"),
    ("BalancedAccuracy", "counts", "(TP/AP + TN/AN) / 2", (), "higher"),
    ("Informedness", "counts", "TP/AP + TN/AN - 1", (), "higher"),
    ("Markedness", "counts", "TP/PP + TN/PN - 1", (), "higher"),
    ("MCCCounts", "counts", "(TP*TN - FP*FN) / sqrt(PP*AP*AN*PN)", (), "higher"),
    ("KappaCounts", "counts", "2*(TP*TN - FP*FN) / (PP*AN + AP*PN)", (), "higher"),
    ("GMean", "counts", "sqrt(TP/AP * TN/AN)", (), "higher"),
    ("FowlkesMallows", "counts", "sqrt(TP/PP * TP/AP)", (), "higher"),
    ("DORCounts", "counts", "(TP*TN) / (FP*FN)", (), "higher"),
    ("PositiveLR", "counts", "(TP/AP) / (FP/AN)", (), "higher"),
    ("NegativeLR", "counts", "(FN/AP) / (TN/AN)", (), "lower"),
    ("Prevalence", "counts", "AP / n", (), "higher"),
    ("Bias", "counts", "PP / n", (), "higher"),
    ("TPcount", "counts", "TP", (), "higher"),
    ("TPminusFP", "counts", "TP - FP", (), "higher"),
    ("HammingAgreement", "counts", "1 - (FP + FN)/n", (), "higher"),
    ("ThreatScore", "counts", "TP / (n - TN)", (), "higher"),
    ("Yule", "counts", "(TP*TN - FP*FN) / (TP*TN + FP*FN)", (), "higher"),
    ("HarmonicRecalls", "counts", "2 / (AP/TP + AN/TN)", (), "higher"),
    # smoothed
    ("LaplacePrecision", "counts", "(TP + 1) / (PP + 2)", (), "higher"),
    ("LaplaceRecall", "counts", "(TP + 1) / (AP + 2)", (), "higher"),
    ("HalfSmoothedRecall", "counts", "(TP + 1/2) / (AP + 1)", (), "higher"),
    ("SmoothedF1", "counts", "(2*TP + 1) / (2*TP + FP + FN + 1)", (), "higher"),
    ("SmoothedBalAcc", "counts", "((TP + 1)/(AP + 2) + (TN + 1)/(AN + 2)) / 2", (), "higher"),
    ("SmoothedDOR", "counts", "((TP + 1/2)*(TN + 1/2)) / ((FP + 1/2)*(FN + 1/2))", (), "higher"),
    ("SmoothedJaccard", "counts", "(TP + 1) / (TP + FP + FN + 1)", (), "higher"),
    ("SmoothedMarkedness", "counts", "(TP + 1)/(PP + 2) + (TN + 1)/(PN + 2) - 1", (), "higher"),
    # sqrt, log, exp, min, max, abs
    ("LogAccuracy", "counts", "log(1 + (TP + TN)/n)", (), "higher"),
    ("ExpError", "counts", "exp(-(FP + FN)/n)", (), "higher"),
    ("LogOddsSmoothed", "counts", "log((TP + 1)/(FP + 1))", (), "higher"),
    ("SqrtTPTN", "counts", "sqrt(TP*TN) / n", (), "higher"),
    ("MinRecall", "counts", "min(TP/AP, TN/AN)", (), "higher"),
    ("MaxRecall", "counts", "max(TP/AP, TN/AN)", (), "higher"),
    ("MinPrecRec", "counts", "min(TP/PP, TP/AP)", (), "higher"),
    ("AbsBalance", "counts", "1 - abs(FP - FN)/n", (), "higher"),
    ("AbsDiffRecalls", "counts", "abs(TP/AP - TN/AN)", (), "lower"),
    ("LogLossLike", "counts", "-log((TP + TN + 1)/(n + 2))", (), "lower"),
    ("EntropyOutput", "counts", "-(PP + 1)/(n + 2)*log((PP + 1)/(n + 2))", (), "higher"),
    ("ExpAcc", "counts", "exp((TP + TN)/n) - 1", (), "higher"),
    ("SqrtAccuracy", "counts", "sqrt((TP + TN)/n)", (), "higher"),
    ("GeometricPrecRec", "counts", "sqrt(TP/PP * TP/AP)", (), "higher"),
    ("LogDOR", "counts", "log((TP + 1/2)*(TN + 1/2)/((FP + 1/2)*(FN + 1/2)))", (), "higher"),
    ("CubeRootAcc", "counts", "((TP + TN)/n)^(1/3)", (), "higher"),
    ("SquaredAcc", "counts", "((TP + TN)/n)^2", (), "higher"),
    # written forms that sympy rewrites (issue 16, item 1)
    ("LogCancel", "counts", "log(TP) - log(TP) + (TP + TN)/n", (), "higher"),
    ("ExpLog", "counts", "(exp(log(TP)) + TN)/n", (), "higher"),
    ("SqrtSquare", "counts", "(sqrt(TP - FP)^2 + FP + TN)/n", (), "higher"),
    ("LamLogs", "counts", "exp((log(FP/TN) + log(FN/TP))/2) / (1 + exp((log(FP/TN) + log(FN/TP))/2))",
     (), "lower"),
    ("ZeroTimesLog", "counts", "0*log(FP) + (TP + TN)/n", (), "higher"),
    ("SelfRatio", "counts", "(TP + TN)/n * (FP + 1)/(FP + 1)", (), "higher"),
    # cases
    ("CasesJump", "counts", "cases(PP > PN, TP/AP + TN/AN - 1, TP/AP + TN/AN)", (), "higher"),
    ("CasesEmpty", "counts", "cases(PP = 0, 0, TP/PP)", (), "higher"),
    ("CasesEmptyOne", "counts", "cases(PP = 0, 1, TP/PP)", (), "higher"),
    ("CasesRecall", "counts", "cases(AP = 0, 1, TP/AP)", (), "higher"),
    ("CasesF1", "counts", "cases(TP + FP + FN = 0, 1, 2*TP/(2*TP + FP + FN))", (), "higher"),
    ("CasesBalAcc", "counts", "cases(AP = 0, TN/AN, AN = 0, TP/AP, (TP/AP + TN/AN)/2)", (), "higher"),
    ("CasesThreshold", "counts", "cases(TP > FP, 1, 0)", (), "higher"),
    ("CasesAccOrZero", "counts", "cases(TP >= FN, (TP + TN)/n, 0)", (), "higher"),
    ("CasesMCC", "counts", "cases(PP*PN*AP*AN = 0, 0, (TP*TN - FP*FN)/sqrt(PP*PN*AP*AN))", (), "higher"),
    ("CasesPrecisionHalf", "counts", "cases(PP = 0, 1/2, TP/PP)", (), "higher"),
    # branches with a division by zero inside, and branches that swap under SYM
    ("CasesBranchPole", "counts", "cases(FP = 1, (TP + TN)/n + 1/(FP - 1), (TP + TN)/n)", (), "higher"),
    ("CasesBranchPoleFar", "counts", "cases(FP > 2, TP/(FP - 3), (TP + TN)/n)", (), "higher"),
    ("CasesSwapRatio", "counts", "cases(TP > TN, TP/(TP + FN), TN/(TN + FP))", (), "higher"),
    ("CasesSwapSym", "counts", "cases(TP >= TN, (TP + TN)/n, (TN + TP)/n)", (), "higher"),
    ("CasesNarrowBand", "counts", "cases(abs(PP - AP) < 1/2, TP/n + 1/2, TP/n)", (), "higher"),
    ("CasesOneSided", "counts", "cases(FN = 0, 1, TP/AP)", (), "higher"),
    ("CasesUndefBranch", "counts", "cases(TP = 0, FN/(TP), (TP + TN)/n)", (), "higher"),
    ("CasesNested", "counts", "cases(PP = 0, cases(AP = 0, 1, 0), TP/PP)", (), "higher"),
    # parametric
    ("LinearUtility", "counts", "lambda*TP - FP", ("lambda>0",), "higher"),
    ("NormalisedUtility", "counts", "(lambda*TP - FP)/n", ("lambda>0",), "higher"),
    ("WeightedAcc", "counts", "(w*TP + TN)/(w*AP + AN)", ("w>0",), "higher"),
    ("FAlpha", "counts", "TP/(TP + alpha*FP + (1 - alpha)*FN)", ("0<alpha<1",), "higher"),
    ("Tversky", "counts", "TP/(TP + a*FP + b*FN)", ("a>0", "b>0"), "higher"),
    ("CostLoss", "counts", "(c*FP + FN)/n", ("c>0",), "lower"),
    ("SmoothedPrecisionK", "counts", "(TP + k)/(PP + 2*k)", ("k>0",), "higher"),
    ("CasesUtility", "counts", "cases(PP > PN, lambda*TP - FP, lambda*TP - FP - 1000*n)", ("lambda>0",), "higher"),
    ("PowerRecall", "counts", "(TP/AP)^r", ("r>0",), "higher"),
    ("ExpWeighted", "counts", "exp(t*(TP + TN)/n)", ("t>0",), "higher"),
    # probability forms
    ("ProbRecall", "probs", "P(S|G)", (), "higher"),
    ("ProbPrecision", "probs", "P(G|S)", (), "higher"),
    ("BothRecalls", "probs", "P(S|G) * P(not S|not G)", (), "higher"),
    ("GeometricRecalls", "probs", "sqrt(P(S|G) * P(not S|not G))", (), "higher"),
    ("ProbAccuracy", "probs", "P(S and G) + P(not S and not G)", (), "higher"),
    ("ProbF1", "probs", "2*P(G|S)*P(S|G)/(P(G|S) + P(S|G))", (), "higher"),
    ("ProbInformedness", "probs", "P(S|G) - P(S|not G)", (), "higher"),
    ("ProbLift", "probs", "P(G|S)/P(G)", (), "higher"),
    ("ProbJoint", "probs", "P(S and G)", (), "higher"),
    ("ProbMarkedness", "probs", "P(G|S) - P(G|not S)", (), "higher"),
]

CATALOGUE = ("Acc", "WAcc", "Utility", "Utility4", "Lam%", "Odds", "Phi", "MAAc", "Kappa", "Chi", "MI", "F",
             "Reliability", "Sensitivity", "F(R,S)", "F1", "Fbeta", "K", "Youden", "BalAcc", "DOR", "ASP", "MCC",
             "K-SLC")

QUANT = [
    ("qAE", "abs(q - p)/n"), ("qSE", "(q - p)^2/n"), ("qKLD", "p*log(p/q)"), ("qPD", "(p - q)^2/(2*q)"),
    ("qRAE", "abs(q - p)/(p*n)"), ("qDR", "(1 - min(p, q)/max(p, q))/n"), ("qCube", "abs(q - p)^3"),
    ("qSqrtAbs", "sqrt(abs(q - p))"), ("qExpAbs", "exp(abs(q - p)) - 1"), ("qSymRel", "abs(q - p)/(p + q)"),
    ("qTriangular", "(q - p)^2/(p + q)"), ("qZeroLog", "abs(q - p) + 0*log(q - p)"),
    ("qIndN", "(q - p)^2/p + n*abs(q - p)"), ("qAsym", "cases(q > p, 2*(q - p), p - q)"),
    ("qReverseKLD", "q*log(q/p)"), ("qHellinger", "(sqrt(q) - sqrt(p))^2"), ("qLogAbs", "log(1 + abs(q - p))"),
    ("qAbsLogRatio", "abs(log(q/p))"), ("qOver", "max(q - p, 0)"), ("qUnder", "max(p - q, 0)"),
    ("qNeyman", "(q - p)^2/p"), ("qSquaredPerClass", "(q - p)^2"), ("qAbsPerClass", "abs(q - p)"),
    ("qSignedDiff", "q - p"), ("qScaled", "abs(q - p)/(n - 1)"), ("qMinPenalty", "min(abs(q - p), 1/4)"),
    ("qQuartic", "(q - p)^4/n"), ("qRelSquare", "(q - p)^2/(p*(1 - p) + 1)"),
    ("qSmoothedKLD", "(p + 1/10)*log((p + 1/10)/(q + 1/10))"), ("qJS", "p*log(2*p/(p + q)) + q*log(2*q/(p + q))"),
    ("qCasesZero", "cases(q = p, 0, abs(q - p) + 1/10)"), ("qSqrtDiff", "sqrt(q - p)"),
]
QUANT_CATALOGUE = ("AE", "NAE", "RAE", "NRAE", "SE", "DR", "KLD", "NKLD", "PD")


def _term(rng: random.Random, names) -> str:
    """A random monomial with a small integer coefficient."""
    coef = rng.choice([1, 1, 1, 2, 3, -1])
    factors = [rng.choice(names) for _ in range(rng.choice([1, 1, 2]))]
    body = "*".join(factors)
    return body if coef == 1 else f"{coef}*{body}"


def _poly(rng: random.Random, names, k: int, constant: bool) -> str:
    parts = [_term(rng, names) for _ in range(k)]
    if constant:
        parts.append(str(rng.choice([1, 2])))
    return " + ".join(parts).replace("+ -", "- ")


def _accepted(form: str, expr: str) -> bool:
    """Whether symmetric's parser takes the expression (it refuses a denominator sympy cancels)."""
    from symmetric.errors import InputError
    from symmetric.userinput.kinds import KINDS
    from symmetric.userinput.measures import build_measure
    try:
        build_measure(KINDS["classification"], "x", {form: expr})
    except InputError:
        return False
    return True


def random_measures(count: int):
    rng = random.Random(SEED)
    names = ["TP", "FP", "FN", "TN"]
    out = []
    k = 0
    while len(out) < count:
        k += 1
        num = _poly(rng, names, rng.choice([1, 2]), rng.random() < 0.3)
        den = _poly(rng, [n for n in names if rng.random() < 0.8] or ["TP"], rng.choice([1, 2, 3]),
                    rng.random() < 0.4).replace("-", "+")
        orientation = rng.choice(["higher", "lower"])
        if _accepted("counts", f"({num}) / ({den})"):
            out.append((f"Random{k:03d}", "counts", f"({num}) / ({den})", (), orientation))
    return out


def _toml_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_classification(path: Path) -> int:
    lines = ["# Fuzz corpus of classification measures for the cross-check (tests/test_crosscheck_corpus.py).",
             "# Generated by tests/corpus/make_corpus.py; usable as `symmetric check tests/corpus/classification.toml`.",
             ""]
    rows = HAND + random_measures(80)
    for name, form, expr, params, orientation in rows:
        lines += ["[[measure]]", f"name = {_toml_string(name)}", f"{form} = {_toml_string(expr)}"]
        if params:
            lines.append("params = [" + ", ".join(map(_toml_string, params)) + "]")
        if orientation != "higher":
            lines.append(f"orientation = {_toml_string(orientation)}")
        lines.append("")
    for name in CATALOGUE:
        lines += ["[[measure]]", f"catalogue = {_toml_string(name)}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return len(rows) + len(CATALOGUE)


def write_quantification(path: Path) -> int:
    lines = ["# Fuzz corpus of quantification terms for the cross-check (tests/test_crosscheck_corpus.py).",
             "# Generated by tests/corpus/make_corpus.py.", 'kind = "quantification"', ""]
    for name, term in QUANT:
        lines += ["[[measure]]", f"name = {_toml_string(name)}", f"term = {_toml_string(term)}", ""]
    for name in QUANT_CATALOGUE:
        lines += ["[[measure]]", f"catalogue = {_toml_string(name)}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return len(QUANT) + len(QUANT_CATALOGUE)


if __name__ == "__main__":
    print(write_classification(HERE / "classification.toml"), "classification measures")
    print(write_quantification(HERE / "quantification.toml"), "quantification terms")
