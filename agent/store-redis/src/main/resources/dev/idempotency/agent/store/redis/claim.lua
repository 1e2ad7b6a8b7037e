-- KEYS[1] record; ARGV 2 scope, 3 key, 4 endpoint, 5 fingerprint, 6 owner, 7 request id, 8 lease ms,
-- 9 ttl ms, 10 a fresh record's token, 11 grace ms. Returns {1, token, server time} claimed (the
-- caller knows the rest of the record it wrote), {0, record} existing.
local rk = KEYS[1]
local now = now_ms()
local old = redis.call('HMGET', rk, 'tk', 'ex')
if old[2] then
  if tonumber(old[2]) > now then
    redis.call('HINCRBY', rk, 'at', 1)
    return {0, record(rk, now)}
  end
  remove(rk)
end
-- a record that replaces an expired one takes the next token, so its old owner is fenced out
local tk = old[1] and (tonumber(old[1]) + 1) or tonumber(ARGV[10])
local ex = now + tonumber(ARGV[9])
redis.call('HSET', rk, 'sc', ARGV[2], 'k', ARGV[3], 'ep', ARGV[4], 'fp', ARGV[5], 'st', 'IN_PROGRESS',
    'ow', ARGV[6], 'tk', s(tk), 'lu', s(now + tonumber(ARGV[8])), 'at', '1', 'rid', ARGV[7], 'ca', s(now), 'ex', s(ex))
redis.call('PEXPIREAT', rk, ex + tonumber(ARGV[11]))
redis.call('ZADD', P .. ':state:IN_PROGRESS', now, rk)
return {1, s(tk), s(now)}
