"""Post-processing benchmark, pandas side: each case's Superset post_processing rules done with
pandas the way Superset's `superset.utils.pandas_postprocessing` does them (a DataFrame in, a
DataFrame out; where Superset's exact call was unclear, the faster pandas form is used, which
only makes the comparison harder for Quiver).

    python bench/postprocess/pandas_runner.py --data DIR --cases cases.json --runs 11 --out pandas.json

Each input is read once (Arrow IPC stream to a DataFrame, untimed). For resample the time
column is made the DatetimeIndex beforehand, as Superset's chain has it after its pivot.
"""

import argparse
import json
import platform
import statistics
import time
import warnings

import numpy as np
import pandas as pd
import pyarrow as pa

warnings.simplefilter("ignore")

NUMPY_FUNCTIONS = {
    "count": np.ma.count,
    "max": np.max,
    "mean": np.mean,
    "median": np.median,
    "min": np.min,
    "std": np.std,
    "sum": np.sum,
}
FLAT_COLUMN_SEPARATOR = ", "
COMPARE_SEPARATOR = "__"


def named_aggregates(aggregates):
    return {
        name: pd.NamedAgg(
            column=spec.get("column", name),
            aggfunc=spec["operator"] if callable(spec["operator"]) else NUMPY_FUNCTIONS[spec["operator"]],
        )
        for name, spec in aggregates.items()
    }


def append_columns(base, appended, columns):
    return base.assign(**{target: appended[source] for source, target in columns.items()})


def aggregate(df, groupby, aggregates):
    grouped = df.groupby(by=groupby) if groupby else df.groupby(lambda _: True)
    return grouped.agg(**named_aggregates(aggregates)).reset_index(drop=not groupby)


def pivot(df, index, columns, aggregates, drop_missing_columns=True, flatten_columns=False,
          reset_index=True, column_fill_value="<NULL>"):
    aggfunc = {agg.column: agg.aggfunc for agg in named_aggregates(aggregates).values()}
    if columns and column_fill_value:
        df = df.copy(deep=False)
        df[columns] = df[columns].fillna(value=column_fill_value)
    result = df.pivot_table(values=list(aggfunc.keys()), index=index, columns=columns,
                            aggfunc=aggfunc, dropna=drop_missing_columns)
    if flatten_columns:
        result.columns = [
            FLAT_COLUMN_SEPARATOR.join(str(level) for level in column[1:])
            if len(aggregates) == 1 and isinstance(column, tuple)
            else FLAT_COLUMN_SEPARATOR.join(str(level) for level in column) if isinstance(column, tuple)
            else column
            for column in result.columns
        ]
    if reset_index:
        result = result.reset_index()
    return result


def flatten(df, reset_index=True):
    if isinstance(df.columns, pd.MultiIndex):
        df = df.copy(deep=False)
        df.columns = [FLAT_COLUMN_SEPARATOR.join(str(level) for level in column if level != "")
                      for column in df.columns]
    if reset_index and not isinstance(df.index, pd.RangeIndex):
        df = df.reset_index(level=0)
    return df


def rolling(df, rolling_type, columns, window, min_periods=None, center=False):
    rolled = df.loc[:, list(columns.keys())].rolling(window=window, min_periods=min_periods, center=center)
    rolled = getattr(rolled, rolling_type)()
    result = append_columns(df, rolled, columns)
    if min_periods:
        result = result[min_periods - 1:]
    return result


def cum(df, operator, columns):
    return append_columns(df, getattr(df.loc[:, list(columns.keys())], "cum" + operator)(), columns)


def diff(df, columns, periods=1, axis=0):
    return append_columns(df, df[list(columns.keys())].diff(periods=periods, axis=axis), columns)


def compare(df, source_columns, compare_columns, compare_type, drop_original_columns=False, precision=4):
    for source, other in zip(source_columns, compare_columns):
        left = df.loc[:, [source]].rename(columns={source: "__intermediate"})
        right = df.loc[:, [other]].rename(columns={other: "__intermediate"})
        if compare_type == "difference":
            result = left - right
        elif compare_type == "percentage":
            result = ((left - right) / right).astype(float).round(precision)
        else:
            result = (left / right).astype(float).round(precision)
        result = result.rename(columns={"__intermediate": COMPARE_SEPARATOR.join([compare_type, source, other])})
        df = pd.concat([df, result], axis=1)
    if drop_original_columns:
        df = df.drop(source_columns + compare_columns, axis=1)
    return df


def resample(df, rule, method, fill_value=None):
    if method == "asfreq" and fill_value is not None:
        return df.resample(rule).asfreq(fill_value=fill_value)
    return getattr(df.resample(rule), method)()


def contribution(df, orientation="column", columns=None):
    result = df.copy()
    numeric = result.select_dtypes(include=["number"]).fillna(0)
    if columns:
        numeric = numeric[columns]
    axis = 0 if orientation == "column" else 1
    numeric = numeric / numeric.values.sum(axis=axis, keepdims=True)
    result[list(numeric.columns)] = numeric
    return result


def sort(df, by, ascending=True):
    return df.sort_values(by=by, ascending=ascending)


def rename(df, columns, inplace=False, level=0):
    if inplace:
        df.rename(columns=columns, inplace=True, level=level)
        return df
    return df.rename(columns=columns, level=level)


def histogram(df, column, groupby=None, bins=5, cumulative=False, normalize=False):
    groupby = groupby or []
    df = df[[column] + groupby].copy()
    df[column] = pd.to_numeric(df[column], errors="coerce")
    edges = np.linspace(df[column].min(), df[column].max(), bins + 1)
    labels = [f"{int(edges[i])} - {int(edges[i + 1])}" for i in range(bins)]

    def counts(series):
        values = np.histogram(series, bins=edges)[0]
        return np.cumsum(values) if cumulative else values

    if not groupby:
        result = pd.DataFrame(counts(df[column]).reshape(1, -1), columns=labels)
    else:
        grouped = df.groupby(groupby)[column].apply(counts).reset_index()
        result = pd.concat([grouped[groupby], pd.DataFrame(grouped[column].tolist(), columns=labels)], axis=1)
    if normalize:
        result[labels] = result[labels] / result[labels].sum().sum()
    return result


def boxplot(df, groupby, metrics, whisker_type):
    def quartile1(series):
        return np.nanpercentile(series, 25, method="midpoint")

    def quartile3(series):
        return np.nanpercentile(series, 75, method="midpoint")

    def whisker_high(series):
        limit = quartile3(series) + 1.5 * (quartile3(series) - quartile1(series))
        return series[series <= limit].max()

    def whisker_low(series):
        limit = quartile1(series) - 1.5 * (quartile3(series) - quartile1(series))
        return series[series >= limit].min()

    if whisker_type == "min/max":
        whisker_high, whisker_low = np.max, np.min  # noqa: F811

    def outliers(series):
        above = series[series > whisker_high(series)]
        below = series[series < whisker_low(series)]
        return above.tolist() + below.tolist()

    operators = {
        "mean": np.mean, "median": np.median, "max": whisker_high, "min": whisker_low,
        "q1": quartile1, "q3": quartile3, "count": np.ma.count, "outliers": outliers,
    }
    aggregates = {
        f"{metric}__{name}": {"column": metric, "operator": operator}
        for name, operator in operators.items() for metric in metrics
    }
    return aggregate(df, groupby=groupby, aggregates=aggregates)


def rank(df, metric, group_by=None):
    df = df.copy(deep=False)
    if group_by:
        df["rank"] = df.groupby(group_by)[metric].rank(pct=True)
    else:
        df["rank"] = df[metric].rank(pct=True)
    return df


OPERATIONS = {
    "aggregate": aggregate, "pivot": pivot, "flatten": flatten, "rolling": rolling, "cum": cum,
    "diff": diff, "compare": compare, "resample": resample, "contribution": contribution,
    "sort": sort, "rename": rename, "histogram": histogram, "boxplot": boxplot, "rank": rank,
}


def apply_rules(df, rules):
    for rule in rules:
        if rule is None:
            continue
        df = OPERATIONS[rule["operation"]](df, **(rule.get("options") or {}))
    return df


def reaggregate(df, request):
    operators = {"SUM": "sum", "MIN": "min", "MAX": "max", "COUNT": "sum"}
    named = {metric["label"]: (metric["label"], operators[metric["aggregate"]]) for metric in request["metrics"]}
    return df.groupby(request["groupby"], sort=True).agg(**named).reset_index()


def summary(df):
    # A named index (a pivot's or resample's) is a column of the result; a plain row index (a
    # sort's permutation) is not, as Superset's `to_dict(orient="records")` drops it.
    if isinstance(df.index, pd.MultiIndex) or df.index.name is not None:
        df = df.reset_index()
    total = 0.0
    for name in df.columns:
        series = df[name]
        if pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series):
            values = series.to_numpy(dtype=float, na_value=np.nan)
            total += float(values[np.isfinite(values)].sum())
    return {"rows": int(len(df)), "columns": int(len(df.columns)), "numeric_sum": total}


def read_input(data, name):
    with pa.ipc.open_stream(f"{data}/{name}.arrow") as reader:
        frame = reader.read_all().to_pandas()
    return frame


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--cases", required=True)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--out", required=True)
    options = parser.parse_args()
    with open(options.cases, encoding="utf-8") as file:
        cases = json.load(file)["cases"]

    inputs = {}
    timings = []
    for case in cases:
        if case["input"] not in inputs:
            inputs[case["input"]] = read_input(options.data, case["input"])
        frame = inputs[case["input"]]
        rules = case.get("rules") or []
        if any(rule and rule["operation"] == "resample" for rule in rules):
            frame = frame.set_index("__timestamp")

        # A case with `repeat` (too quick to time one call) is timed over that many calls in a
        # row, divided by `repeat`, as the native and Wasm sides do.
        repeat = max(int(case.get("repeat", 1)), 1)

        def once():
            # A shallow copy per call: `rename` with inplace must not rename the shared input.
            sources = [frame.copy(deep=False) for _ in range(repeat)]
            started = time.perf_counter()
            results = [
                reaggregate(source, case["reaggregate"]) if case.get("reaggregate") else apply_rules(source, rules)
                for source in sources
            ]
            return (time.perf_counter() - started) / repeat, results[0]

        _, first = once()
        samples = sorted(once()[0] * 1000.0 for _ in range(max(options.runs, 1)))
        timing = {
            "name": case["name"],
            "median_ms": statistics.median(samples),
            "min_ms": samples[0],
            "runs": len(samples),
            "summary": summary(first),
        }
        print(f"pandas  {case['name']:<28} {timing['median_ms']:>9.2f} ms", flush=True)
        timings.append(timing)

    environment = (f"pandas {pd.__version__}, numpy {np.__version__}, pyarrow {pa.__version__}, "
                   f"CPython {platform.python_version()}")
    with open(options.out, "w", encoding="utf-8") as file:
        json.dump({"side": "pandas", "environment": environment, "timings": timings}, file, indent=2)


if __name__ == "__main__":
    main()
