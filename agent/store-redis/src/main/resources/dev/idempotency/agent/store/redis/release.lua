-- KEYS[1] record; ARGV 2 token. Returns 1 or 0.
local rk = KEYS[1]
local now = now_ms()
if not live(rk, now) or redis.call('HGET', rk, 'tk') ~= ARGV[2] or redis.call('HGET', rk, 'st') ~= 'IN_PROGRESS' then
  return 0
end
remove(rk)
return 1
