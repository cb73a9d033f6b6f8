"""Raw engine time for the SQL the browser benchmarks ran (docs/performance.md §3 and §5).

Reads the browser report (JSON) on stdin, runs each scenario's SQL on the examples DuckDB file with
DuckDB's Python package (the same DuckDB release the server bundles), collected as an Arrow table,
and writes the report back on stdout with `engineMs` added to each scenario (Explore), or to
the report itself for SQL Lab's `executedSql`.

    python engine.py --db QUIVER_HOME/examples.duckdb --runs 20 < report.json > report-with-engine.json
"""

import argparse
import json
import statistics
import sys
import time

import duckdb


def engine_ms(connection, sql, runs, warmups=2):
    for _ in range(warmups):
        connection.sql(sql).to_arrow_table()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        connection.sql(sql).to_arrow_table()
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return {"median": statistics.median(times), "p95": times[max(0, -(-95 * len(times) // 100) - 1)], "n": len(times)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    report = json.load(sys.stdin)
    connection = duckdb.connect(options.db, read_only=True)
    for scenario in [*report.get("scenarios", []), *([report["scroll"]] if "sql" in report.get("scroll", {}) else [])]:
        scenario["engineMs"] = [engine_ms(connection, sql, options.runs) for sql in scenario["sql"]]
    if "executedSql" in report:
        report["engineMs"] = engine_ms(connection, report["executedSql"], options.runs)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


main()
