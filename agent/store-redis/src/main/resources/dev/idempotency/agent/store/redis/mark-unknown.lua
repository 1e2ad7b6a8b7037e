-- KEYS[1] record; ARGV 2 token, 3 '1' when only a claim past its lease may be marked. Returns 1 or 0.
local rk = KEYS[1]
local now = now_ms()
local r = live(rk, now)
if not r or r[1] ~= ARGV[2] or r[2] ~= 'IN_PROGRESS' then
  return 0
end
if ARGV[3] == '1' and num(rk, 'lu') > now then
  return 0
end
redis.call('HSET', rk, 'st', 'UNKNOWN')
move(rk, 'IN_PROGRESS', 'UNKNOWN', r[3])
return 1
