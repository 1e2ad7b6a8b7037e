-- wrk request generator for the end-to-end benchmark.
-- wrk ... -s requests.lua URL -- MODE RUN_ID WINDOW
--   new     POST /orders, a unique Idempotency-Key per request: RUN_ID-WINDOW-thread-counter, so keys
--           never repeat across threads, nor across the windows (wrk invocations) of one run
--   replay  POST /orders, always the key "<RUN_ID>-replay" (created once before the run)
--   get     GET  /orders/1 (a path no endpoint declares)
-- Every mode sends the same headers and body shape, so the bare service sees identical traffic.

local threads = {}
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("thread_id", next_id)
  table.insert(threads, thread)
end

local body = '{"item":"book","quantity":2}'
local mode, run_id, window, counter

function init(args)
  mode = args[1] or "new"
  run_id = args[2] or "run"
  window = args[3] or "w"
  counter = 0
end

function request()
  if mode == "get" then
    return wrk.format("GET", "/orders/1", { ["Idempotency-Key"] = run_id .. "-get" }, nil)
  end
  local key
  if mode == "replay" then
    key = run_id .. "-replay"
  else
    counter = counter + 1
    key = run_id .. "-" .. window .. "-" .. thread_id .. "-" .. counter
  end
  return wrk.format("POST", "/orders", {
    ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = key,
  }, body)
end
