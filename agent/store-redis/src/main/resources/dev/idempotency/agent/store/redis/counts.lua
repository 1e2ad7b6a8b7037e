-- ARGV 2 what: 'expired', 'stale', 'records', or a state. Returns the count.
local now = now_ms()
local what = ARGV[2]
if what == 'expired' then
  return redis.call('ZCOUNT', P .. ':exp', '-inf', now)
end
if what == 'records' then
  return redis.call('ZCARD', P .. ':exp')
end
local expired = redis.call('ZRANGEBYSCORE', P .. ':exp', '-inf', now)
if what == 'stale' then
  -- claims past their lease, not past their expiry
  local stale = redis.call('ZCOUNT', P .. ':lease', '-inf', now)
  for _, rk in ipairs(expired) do
    local lu = redis.call('ZSCORE', P .. ':lease', rk)
    if lu and tonumber(lu) <= now then
      stale = stale - 1
    end
  end
  return stale
end
local count = redis.call('ZCARD', P .. ':state:' .. what)
for _, rk in ipairs(expired) do
  if redis.call('ZSCORE', P .. ':state:' .. what, rk) then
    count = count - 1
  end
end
return count
