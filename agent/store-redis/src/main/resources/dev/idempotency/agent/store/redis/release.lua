-- KEYS[1] record; ARGV 2 token. Returns 1 or 0.
local rk = KEYS[1]
local r = live(rk, now_ms())
if not r or r[1] ~= ARGV[2] or r[2] ~= 'IN_PROGRESS' then
  return 0
end
remove(rk)
return 1
