"""What each classification measure does where its formula is 0/0 or x/0: conventions as data.

A measure's count form is its formula; on the 15 zero patterns of the table (some cells 0, the
others positive) it may be undefined there.  Its *zero convention* says what the measure is
then, by one of three rules:

* ``undefined`` -- nothing is stipulated: the measure has no value where the formula has none;
* ``limit`` -- the value is the limit of the formula as the zero cells tend to 0 with the other
  cells fixed, where it exists (mutual information: 0 log 0 = 0, x log x being continuous at 0);
  computed along every ray eps * c and kept only when it is the same for all of them, see
  :mod:`symmetric.measures.zeros`;
* ``stipulated`` -- the count form itself says the value by cases (a ``Piecewise``; Sebastiani's
  F1 := 1 at TP = FP = FN = 0): the convention is named here, the value is the formula's.

Beside the rule each entry says which scikit-learn function computes the measure, which of its
``zero_division`` / ``replace_undefined_by`` choices matches the convention (``nan`` matches
``undefined``), and, where none matches, what scikit-learn returns instead (``sklearn_differs``);
likewise for PyCM (which returns the string 'None' where a statistic is undefined).  The tests
in ``tests/test_oracles_binary.py`` check every one of these statements against the libraries.
"""

from __future__ import annotations

from dataclasses import dataclass

UNDEFINED, LIMIT, STIPULATED = "undefined", "limit", "stipulated"
RULES = (UNDEFINED, LIMIT, STIPULATED)


@dataclass(frozen=True)
class Convention:
    rule: str                    # one of RULES
    says: str = ""               # the stipulation or limit in words (empty for plain ``undefined``)
    sklearn: str = ""            # scikit-learn function computing the measure ("" = none)
    zero_division: str = ""      # the sklearn choice matching ``rule`` ("nan", "1.0", ...; "" = no such option)
    sklearn_differs: str = ""    # what sklearn returns where the measure is undefined, when no option matches
    pycm: str = ""               # PyCM statistic (class statistic of the positive class, or overall)
    pycm_differs: str = ""

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"unknown zero convention {self.rule!r} (rules: {', '.join(RULES)})")


_PLAIN = ""      # the rule says it all: no value where the formula is 0/0 or x/0
_NAN = "nan"


def _plain(sklearn: str = "", pycm: str = "", zero_division: str = _NAN, **more) -> Convention:
    return Convention(UNDEFINED, _PLAIN, sklearn, zero_division if sklearn else "", pycm=pycm, **more)


# scikit-learn's averages: zero_division=np.nan leaves a class whose score is 0/0 out of the
# (weighted) mean; jaccard_score has no such option and counts that class as 0
_MEAN_OF_DEFINED = ("with zero_division=np.nan, the (weighted) mean over the classes whose score is "
                    "defined (a class whose score is 0/0 is left out, even at weight 0; 0 when the "
                    "weights left sum to 0)")
_ZERO_FOR_UNDEFINED = "a class whose score is 0/0 counts as its zero_division (0 or 1; no undefined option)"
_PYCM_DOR = "computed as LR+/LR-: undefined ('None') at TN = 0, where TP TN/(FN FP) is 0"

# measure name -> its convention (every classification measure has one; a test checks it)
CONVENTIONS: dict[str, Convention] = {
    # ---- Amigo et al.'s filtering measures
    "Acc": _plain("accuracy_score", "ACC", zero_division=""),
    "WAcc": _plain(),
    "Utility": _plain(),
    "Utility4": _plain(),
    "Lam%": _plain(),
    "Odds": _plain(pycm="DOR", pycm_differs=_PYCM_DOR),
    "Phi": _plain("matthews_corrcoef", "MCC", zero_division="",
                  sklearn_differs="0 where the coefficient is 0/0"),
    "MAAc": _plain("balanced_accuracy_score", "AUC", zero_division="",
                   sklearn_differs="with one class present, the recall of that class"),
    "Kappa": _plain("cohen_kappa_score", "Kappa", zero_division="replace_undefined_by=nan"),
    "Chi": _plain(),
    "MI": Convention(LIMIT, "0 log 0 = 0: the limit as the zero cells tend to 0", "mutual_info_score",
                     pycm="Mutual Information", pycm_differs="in bits (log base 2), the same limit"),
    # F_alpha is defined by its probability form: undefined wherever P(S|G) or P(G|S) is 0/0
    "F": _plain("fbeta_score(beta^2 = (1 - alpha)/alpha)", "F1",
                sklearn_differs="0 where one of precision and recall is 0/0 and the other is 0",
                pycm_differs="0 where one of precision and recall is 0/0 and the other is 0"),
    "Reliability": _plain(),
    "SensitivityRS": _plain(),
    "F(R,S)": _plain(),
    "F1": Convention(STIPULATED, "F1 := 1 at TP = FP = FN = 0 (Sebastiani, eq. (3))", "f1_score", "1.0",
                     pycm="F1", pycm_differs="undefined ('None') at TP = FP = FN = 0"),
    "Fbeta": Convention(STIPULATED, "F_beta := 1 at TP = FP = FN = 0", "fbeta_score", "1.0", pycm="F2",
                        pycm_differs="undefined ('None') at TP = FP = FN = 0"),
    # ---- Sebastiani's
    "K": Convention(STIPULATED, "K := 2 specificity - 1 when AP = 0, 2 recall - 1 when AN = 0 (eq. (5))"),
    "Youden": _plain(pycm="BM"),
    "BalAcc": _plain("balanced_accuracy_score", "AUC", zero_division="",
                     sklearn_differs="with one class present, the recall of that class"),
    "DOR": _plain(pycm="DOR", pycm_differs=_PYCM_DOR),
    "ASP": _plain(),
    "MCC": _plain("matthews_corrcoef", "MCC", zero_division="",
                  sklearn_differs="0 where the coefficient is 0/0"),
    "K-SLC": Convention(STIPULATED, "the recall of an absent class is left out of the mean (eq. (10))"),
    # ---- the binary measures of scikit-learn and PyCM
    "Precision": _plain("precision_score", "PPV"),
    "Recall": _plain("recall_score", "TPR"),
    "Specificity": _plain("recall_score(pos_label=0)", "TNR"),
    "NPV": _plain("precision_score(pos_label=0)", "NPV"),
    "FPR": _plain(pycm="FPR"),
    "FNR": _plain(pycm="FNR"),
    "FDR": _plain(pycm="FDR"),
    "FOR": _plain(pycm="FOR"),
    "ErrorRate": _plain("zero_one_loss", "ERR", zero_division=""),
    "Jaccard": _plain("jaccard_score", "J", zero_division="",
                      sklearn_differs="its zero_division (0 or 1; no undefined option) at TP = FP = FN = 0"),
    "Markedness": _plain(pycm="MK"),
    "Kulczynski": _plain(pycm="AUPR"),
    "FowlkesMallows": _plain(pycm="G"),
    "Gmean": _plain(pycm="GM"),
    "LR+": _plain("class_likelihood_ratios[0]", "PLR", zero_division="replace_undefined_by=nan"),
    "LR-": _plain("class_likelihood_ratios[1]", "NLR", zero_division="replace_undefined_by=nan"),
    "PT": _plain(),
    "YuleQ": _plain(pycm="Q", pycm_differs="computed as (OR - 1)/(OR + 1), OR = TP TN/(FP FN): undefined "
                                          "('None') where FP FN = 0, where the formula is 1 (TP TN > 0)"),
    "ICSI": _plain(pycm="ICSI"),
    "Lift": _plain(pycm="LS"),
    # ---- PyCM's further class statistics (symmetric.measures.class_statistics)
    "DP": _plain(pycm="DP"),
    "IBA": _plain(pycm="IBA"),
    "OP": _plain(pycm="OP"),
    "AGM": Convention(STIPULATED, "AGM := 0 where recall is 0 (TP = 0 < FN), specificity defined or not",
                      pycm="AGM"),
    "AGF": _plain(pycm="AGF"),
    "OC": _plain(pycm="OC"),
    "BB": _plain(pycm="BB"),
    "IS": _plain(pycm="IS"),
    "BCD": _plain(pycm="BCD"),
    "dInd": _plain(pycm="dInd"),
    "sInd": _plain(pycm="sInd"),
    # ---- PyCM's overall statistics of a 2x2 table (symmetric.measures.agreement)
    "ScottPi": _plain(pycm="Scott PI"),
    "GwetAC1": _plain(pycm="Gwet AC1"),
    "BennettS": _plain(pycm="Bennett S"),
    "KrippendorffAlpha": _plain(pycm="Krippendorff Alpha"),
    "CramerV": _plain(pycm="Cramer V"),
    "PearsonC": _plain(pycm="Pearson C"),
    "BangdiwalaB": _plain(pycm="Bangdiwala B"),
    "LambdaA": _plain(pycm="Lambda A"),
    "LambdaB": _plain(pycm="Lambda B"),
    # ---- scikit-learn's averages over the two classes (symmetric.measures.averaged)
    "MacroPrecision": _plain("precision_score(average='macro')", "PPV Macro", zero_division="",
                             sklearn_differs=_MEAN_OF_DEFINED),
    "MacroF1": _plain("f1_score(average='macro')", "F1 Macro", zero_division="", sklearn_differs=_MEAN_OF_DEFINED),
    "MacroJaccard": _plain("jaccard_score(average='macro')", zero_division="", sklearn_differs=_ZERO_FOR_UNDEFINED),
    "WeightedPrecision": _plain("precision_score(average='weighted')", zero_division="",
                                sklearn_differs=_MEAN_OF_DEFINED),
    "WeightedF1": _plain("f1_score(average='weighted')", zero_division="", sklearn_differs=_MEAN_OF_DEFINED),
    "WeightedJaccard": _plain("jaccard_score(average='weighted')", zero_division="",
                              sklearn_differs=_ZERO_FOR_UNDEFINED),
}


def convention(name: str) -> Convention:
    """The zero convention of the classification measure ``name`` (catalogue name)."""
    try:
        return CONVENTIONS[name]
    except KeyError:
        raise KeyError(f"measure {name!r} has no zero convention in symmetric.measures.conventions") from None
