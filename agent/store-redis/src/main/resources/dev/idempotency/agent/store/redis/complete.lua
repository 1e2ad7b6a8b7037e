-- KEYS[1] record; ARGV 2 token, 3 status, 4 headers, 5 body, 6 retained, 7 ttl ms, 8 grace ms. Returns 1 or 0.
local rk = KEYS[1]
local now = now_ms()
if not live(rk, now) or redis.call('HGET', rk, 'tk') ~= ARGV[2] or redis.call('HGET', rk, 'st') ~= 'IN_PROGRESS' then
  return 0
end
move(rk, 'IN_PROGRESS', 'COMPLETED')
store_outcome(rk, now, ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8])
return 1
