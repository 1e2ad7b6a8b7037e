-- ARGV 2 state, 3 created at least this many ms ago, 4 at most this many. Returns the records, oldest first.
local now = now_ms()
local found = redis.call('ZRANGEBYSCORE', P .. ':state:' .. ARGV[2], '-inf', now - tonumber(ARGV[3]),
    'LIMIT', 0, tonumber(ARGV[4]))
local records = {}
for _, rk in ipairs(found) do
  if redis.call('EXISTS', rk) == 1 then
    records[#records + 1] = record(rk, now)
  end
end
return records
