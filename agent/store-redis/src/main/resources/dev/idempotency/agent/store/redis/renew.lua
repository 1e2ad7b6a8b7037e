-- KEYS the records; ARGV 2 lease ms, 3.. each record's token. Returns how many were renewed.
local now = now_ms()
local lu = now + tonumber(ARGV[2])
local renewed = 0
for i, rk in ipairs(KEYS) do
  if live(rk, now) and redis.call('HGET', rk, 'tk') == ARGV[i + 2] and redis.call('HGET', rk, 'st') == 'IN_PROGRESS' then
    redis.call('HSET', rk, 'lu', s(lu))
    redis.call('ZADD', P .. ':lease', lu, rk)
    renewed = renewed + 1
  end
end
return renewed
