-- KEYS[1] record; ARGV 2 token, 3 status, 4 headers, 5 body, 6 retained, 7 ttl ms, 8 grace ms. Returns 1 or 0.
local rk = KEYS[1]
local now = now_ms()
local r = live(rk, now)
if not r or r[1] ~= ARGV[2] or r[2] ~= 'IN_PROGRESS' then
  return 0
end
redis.call('ZREM', P .. ':state:IN_PROGRESS', rk)
store_outcome(rk, now, ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8])
return 1
