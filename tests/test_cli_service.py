"""The command line of the service: validate, tokens, db upgrade."""

import json

from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.simulate import simulate
from adjudicator.store import MIGRATIONS, SCHEMA_VERSION, open_db, schema_version


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def write_logs(folder):
    folder.mkdir()
    for seed in range(3):
        (folder / f"g{seed}.json").write_text(json.dumps(simulate("uprising", 3, seed)))
    bad = simulate("uprising", 3, 5)
    bad["actions"][30]["by"] = "chance"
    (folder / "bad.json").write_text(json.dumps(bad))
    (folder / "junk.json").write_text("{")
    (folder / "more.jsonl").write_text("\n".join(json.dumps(simulate("uprising", 4, s)) for s in range(2)) + "\n")


def test_validate_folders_globs_and_jsonl_with_a_summary(tmp_path):
    write_logs(tmp_path / "logs")
    out = run("validate", str(tmp_path / "logs"), "--jobs", "2", "--json")
    assert out.exit_code == 1
    rows = {r["source"].split("/")[-1]: r for r in json.loads(out.output)}
    assert rows["bad.json"]["status"] == "invalid" and rows["bad.json"]["first_illegal"] == 30
    assert rows["bad.json"]["citations"]
    assert rows["junk.json"]["status"] == "unreadable"
    assert rows["more.jsonl:2"]["status"] == "valid" and len(rows) == 7
    table = run("validate", str(tmp_path / "logs" / "g*.json"))
    assert table.exit_code == 0 and "3 valid, 0 invalid, 0 unreadable" in table.output
    stdin = run("validate", "-", "--json", input=(tmp_path / "logs" / "more.jsonl").read_text())
    assert [r["status"] for r in json.loads(stdin.output)] == ["valid", "valid"]


def test_validate_store_puts_games_in_the_database(tmp_path):
    write_logs(tmp_path / "logs")
    db = tmp_path / "v.db"
    out = run("validate", str(tmp_path / "logs" / "g0.json"), "--store", "--db", str(db), "--json")
    assert out.exit_code == 0
    assert json.loads(out.output)[0]["stored_as"]
    assert open_db(db)["games"].count == 1


def test_tokens_create_prints_the_token_last_and_revoke(tmp_path):
    db = tmp_path / "t.db"
    out = run("tokens", "create", "organiser", "--db", str(db))
    secret = out.output.strip().splitlines()[-1]
    assert out.exit_code == 0 and secret.startswith("da_")
    assert secret not in json.dumps(list(open_db(db).query("select * from tokens")))
    assert run("tokens", "revoke", "organiser", "--db", str(db)).exit_code == 0
    assert run("tokens", "revoke", "organiser", "--db", str(db)).exit_code == 2


def test_db_upgrade_migrates_an_older_file_and_keeps_its_rows(tmp_path):
    path = tmp_path / "old.db"
    old = open_db(path)
    MIGRATIONS[0](old)  # a database as the first release left it
    old["meta"].insert({"key": "schema_version", "value": 1}, pk="key", replace=True)
    old["samples"].insert({"name": "kept-from-before", "body": "{}"})
    old.conn.close()
    out = run("db", "upgrade", "--db", str(path))
    assert out.exit_code == 0 and f"1 -> {SCHEMA_VERSION}" in out.output
    db = open_db(path)
    assert schema_version(db) == SCHEMA_VERSION
    assert db["samples"].get("kept-from-before")["body"] == "{}"
    assert {"games", "tokens", "tournaments"} <= set(db.table_names())
    again = run("db", "upgrade", "--db", str(path))
    assert f"{SCHEMA_VERSION} -> {SCHEMA_VERSION}" in again.output
