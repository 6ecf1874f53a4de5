"""Many games at once, and what they tell: simulation, balance reports, statistics, charts and
benchmarks (tools: the engine never imports them)."""
