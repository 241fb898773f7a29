-- wrk's report for tests/bench/load.ts: one line of JSON after the run ("WRK_JSON {...}"), so the
-- bench reads numbers, not wrk's rounded text. Counts what wrk itself does not: answers by
-- X-Cache (the bench's hit rate) and every status outside 2xx (wrk's own "status" errors are
-- only those above 399).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  hits = 0
  others = 0
  non2xx = 0
end

function response(status, headers, body)
  -- Header names as the server spelled them.
  if headers["X-Cache"] == "hit" or headers["x-cache"] == "hit" then
    hits = hits + 1
  else
    others = others + 1
  end
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local total_hits, total_others, total_non2xx = 0, 0, 0
  for _, thread in ipairs(threads) do
    total_hits = total_hits + thread:get("hits")
    total_others = total_others + thread:get("others")
    total_non2xx = total_non2xx + thread:get("non2xx")
  end
  local errors = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,' ..
      '"timeouts":%d,"non2xx":%d,"hits":%d,"others":%d,' ..
      '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"max":%d}}\n',
    summary.requests, summary.duration, errors.connect, errors.read, errors.write, errors.timeout,
    total_non2xx, total_hits, total_others,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
