-- KEYS[1] record; ARGV 2 expected token, 3 owner, 4 request id, 5 lease ms. Returns the record or nil.
local rk = KEYS[1]
local now = now_ms()
local r = live(rk, now)
if not r or r[1] ~= ARGV[2] or r[2] == 'COMPLETED' or num(rk, 'lu') > now then
  return false
end
redis.call('HINCRBY', rk, 'tk', 1)
redis.call('HSET', rk, 'ow', ARGV[3], 'st', 'IN_PROGRESS', 'lu', s(now + tonumber(ARGV[5])), 'rid', ARGV[4])
if r[2] ~= 'IN_PROGRESS' then
  move(rk, r[2], 'IN_PROGRESS', r[3])
end
return record(rk, now)
