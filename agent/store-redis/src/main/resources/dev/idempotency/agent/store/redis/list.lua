-- ARGV 2 state, 3 created at least this many ms ago, 4 at most this many. Returns the records:
-- unfinished ones oldest first; COMPLETED ones nearest their expiry first (their index is by expiry),
-- read from it a page at a time.
local now = now_ms()
local state = ARGV[2]
local before = now - tonumber(ARGV[3])
local limit = tonumber(ARGV[4])
local records = {}
if state ~= 'COMPLETED' then
  for _, rk in ipairs(redis.call('ZRANGEBYSCORE', P .. ':state:' .. state, '-inf', before, 'LIMIT', 0, limit)) do
    if redis.call('EXISTS', rk) == 1 then
      records[#records + 1] = record(rk, now)
    end
  end
  return records
end
local PAGE = 500
local offset = 0
while #records < limit do
  local page = redis.call('ZRANGEBYSCORE', P .. ':exp', '(' .. s(now), '+inf', 'LIMIT', offset, PAGE)
  for _, rk in ipairs(page) do
    local ca = redis.call('HGET', rk, 'ca')
    if ca and tonumber(ca) <= before and #records < limit then
      records[#records + 1] = record(rk, now)
    end
  end
  if #page < PAGE then
    break
  end
  offset = offset + PAGE
end
return records
