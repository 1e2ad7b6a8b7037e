-- KEYS[1] record; ARGV 2 scope, 3 key, 4 endpoint, 5 fingerprint, 6 owner, 7 request id, 8 lease ms,
-- 9 ttl ms, 10 a fresh record's token, 11 grace ms. Returns {1, record} claimed, {0, record} existing.
local rk = KEYS[1]
local now = now_ms()
local old = redis.call('HGET', rk, 'tk')
if live(rk, now) then
  redis.call('HINCRBY', rk, 'at', 1)
  return {0, record(rk, now)}
end
-- a record that replaces an expired one takes the next token, so its old owner is fenced out
local tk = old and (tonumber(old) + 1) or tonumber(ARGV[10])
local lu = now + tonumber(ARGV[8])
local ex = now + tonumber(ARGV[9])
redis.call('HSET', rk, 'sc', ARGV[2], 'k', ARGV[3], 'ep', ARGV[4], 'fp', ARGV[5], 'st', 'IN_PROGRESS',
    'ow', ARGV[6], 'tk', s(tk), 'lu', s(lu), 'at', '1', 'rid', ARGV[7], 'ca', s(now), 'ex', s(ex))
redis.call('PEXPIREAT', rk, ex + tonumber(ARGV[11]))
redis.call('ZADD', P .. ':exp', ex, rk)
redis.call('ZADD', P .. ':state:IN_PROGRESS', now, rk)
redis.call('ZADD', P .. ':lease', lu, rk)
return {1, record(rk, now)}
