"""Statistics over many games (issue 34): a map (one log -> its facts, core/facts.py), a merge
(facts -> partial aggregates that combine in any order: aggregate.py) and the figures read from
the merged aggregate (figures.py). Any executor drives the map: in process, `--jobs` processes,
an array job's `--shard i/n`, or a Dask cluster (cluster.py)."""
