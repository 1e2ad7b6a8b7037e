-- KEYS[1] record; ARGV 2 owner, 3 request id. Returns 1 when the unanswered claim was removed.
local rk = KEYS[1]
local now = now_ms()
if not live(rk, now) or redis.call('HGET', rk, 'st') == 'COMPLETED' or redis.call('HGET', rk, 'ow') ~= ARGV[2]
    or redis.call('HGET', rk, 'rid') ~= ARGV[3] then
  return 0
end
remove(rk)
return 1
