-- KEYS[1] record; ARGV 2 expected token, 3 owner, 4 request id, 5 lease ms. Returns the record or nil.
local rk = KEYS[1]
local now = now_ms()
if not live(rk, now) or redis.call('HGET', rk, 'tk') ~= ARGV[2] then
  return false
end
local st = redis.call('HGET', rk, 'st')
if st == 'COMPLETED' or num(rk, 'lu') > now then
  return false
end
redis.call('HINCRBY', rk, 'tk', 1)
local lu = now + tonumber(ARGV[5])
redis.call('HSET', rk, 'ow', ARGV[3], 'st', 'IN_PROGRESS', 'lu', s(lu), 'rid', ARGV[4])
if st ~= 'IN_PROGRESS' then
  move(rk, st, 'IN_PROGRESS')
end
redis.call('ZADD', P .. ':lease', lu, rk)
return record(rk, now)
