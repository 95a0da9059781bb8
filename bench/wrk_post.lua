-- POST load for bench/run.py. Environment: BENCH_BODY_FILE (the body), BENCH_UNIQUE=1 to replace BENCH_MARK
-- in the body by "<BENCH_TAG>-<thread>-<counter>" on every request (a unique body: a cache miss each time).
-- done() prints one line "BENCHJSON {...}" with the count, the duration and latency percentiles (µs).

local f = assert(io.open(os.getenv("BENCH_BODY_FILE"), "rb"))
local body = f:read("*a")
f:close()

wrk.method = "POST"
wrk.body = body
wrk.headers["Content-Type"] = "application/json"

local threads_made = 0

function setup(thread)
   thread:set("tid", threads_made)
   threads_made = threads_made + 1
end

if os.getenv("BENCH_UNIQUE") == "1" then
   local mark = os.getenv("BENCH_MARK")
   local tag = os.getenv("BENCH_TAG") or "t"
   local s, e = string.find(body, mark, 1, true)
   assert(s, "the unique marker is not in the body")
   local prefix = string.sub(body, 1, s - 1)
   local suffix = string.sub(body, e + 1)
   local counter = 0

   function request()
      counter = counter + 1
      return wrk.format(nil, nil, nil, prefix .. tag .. "-" .. tostring(tid) .. "-" .. counter .. suffix)
   end
end

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format(
      'BENCHJSON {"requests": %d, "duration_us": %d, "p50_us": %.1f, "p99_us": %.1f, "mean_us": %.1f, ' ..
      '"max_us": %.1f, "connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\n',
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.mean,
      latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
