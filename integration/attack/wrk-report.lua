-- wrk's summary as lines attack.py reads: requests/s, latency percentiles in ms, errors (socket errors
-- and answers that are not 2xx together).
done = function(summary, latency, requests)
    local errors = summary.errors
    local failed = errors.connect + errors.read + errors.write + errors.timeout + errors.status
    io.write(string.format("WRK requests %d\n", summary.requests))
    io.write(string.format("WRK requests_per_second %.0f\n", summary.requests / (summary.duration / 1e6)))
    io.write(string.format("WRK p50_ms %.2f\n", latency:percentile(50) / 1000))
    io.write(string.format("WRK p99_ms %.2f\n", latency:percentile(99) / 1000))
    io.write(string.format("WRK max_ms %.2f\n", latency.max / 1000))
    io.write(string.format("WRK errors %d\n", failed))
end
