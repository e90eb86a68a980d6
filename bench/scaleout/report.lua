-- What every scaleout wrk script prints when the run ends: one JSON line the driver reads.
local report = {}

function report.done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx":%d,' ..
    '"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f,"p999_ms":%.3f,"max_ms":%.3f}\n',
    summary.requests, summary.duration / 1e6, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000))
end

return report
