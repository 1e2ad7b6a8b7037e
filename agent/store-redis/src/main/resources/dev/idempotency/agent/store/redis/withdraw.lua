-- KEYS[1] record; ARGV 2 owner, 3 request id. Returns 1 when the unanswered claim was removed.
local rk = KEYS[1]
local r = live(rk, now_ms())
if not r or r[2] == 'COMPLETED' then
  return 0
end
local who = redis.call('HMGET', rk, 'ow', 'rid')
if who[1] ~= ARGV[2] or who[2] ~= ARGV[3] then
  return 0
end
remove(rk)
return 1
