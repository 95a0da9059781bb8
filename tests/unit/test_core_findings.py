from service.rules.core.findings import Finding, Severity, path_of


def test_path_notation_brackets_indices_and_dots_fields() -> None:
    assert path_of("moves", 2, "elements", 0, "id") == "moves[2].elements[0].id"
    assert path_of("level") == "level"


def test_finding_serialises_with_its_severity() -> None:
    finding = Finding(code="X", severity=Severity.warning, path="level", message="m")
    assert finding.model_dump(mode="json") == {
        "code": "X",
        "severity": "warning",
        "path": "level",
        "key": None,
        "message": "m",
        "ref": None,
    }
