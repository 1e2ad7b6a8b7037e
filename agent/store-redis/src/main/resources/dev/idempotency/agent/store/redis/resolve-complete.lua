-- KEYS[1] record; ARGV 2 expected token, 3 status, 4 headers, 5 body, 6 retained, 7 ttl ms, 8 grace ms,
-- 9 '1' to settle a live claim too. Returns 1 or 0.
local rk = KEYS[1]
local now = now_ms()
local r = owner_gone(rk, now, ARGV[2], ARGV[9])
if not r then
  return 0
end
redis.call('ZREM', index(r[2]), rk)
redis.call('HSET', rk, 'lu', s(now))
store_outcome(rk, now, ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8])
return 1
