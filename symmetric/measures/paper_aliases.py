"""Names papers print for catalogue measures beyond the catalogue's own aliases, read by
``verify`` (``\\mathrm{Prec}``, ``\\kappa``) and listed by ``symmetric list measures``.

The catalogue's lookup is case-insensitive, but a formula's names are exact: ``ACC`` and
``\\kappa`` need their own spellings.  Data only (no imports), so any layer may read it."""

PAPER_ALIASES: dict[str, dict[str, str]] = {
    "classification": {"ACC": "Acc", "kappa": "Kappa", "phi": "Phi", "Prec": "Precision", "Rec": "Recall",
                       "Spec": "Specificity", "BACC": "BalAcc", "F_1": "F1"},
}


def paper_aliases(kind: str, name: str) -> tuple[str, ...]:
    """The paper spellings of the measure ``name`` of ``kind``, in table order."""
    return tuple(alias for alias, target in PAPER_ALIASES.get(kind, {}).items() if target == name)
