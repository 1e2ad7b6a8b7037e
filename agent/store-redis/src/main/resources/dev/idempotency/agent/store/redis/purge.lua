-- ARGV 2 at most this many. Removes records past their expiry (Redis may have dropped the hash
-- already, a grace after it); returns how many.
local expired = redis.call('ZRANGEBYSCORE', P .. ':exp', '-inf', now_ms(), 'LIMIT', 0, tonumber(ARGV[2]))
for _, rk in ipairs(expired) do
  remove(rk)
end
return #expired
