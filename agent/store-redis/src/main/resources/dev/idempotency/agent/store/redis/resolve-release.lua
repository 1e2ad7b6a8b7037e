-- KEYS[1] record; ARGV 2 expected token, 3 '1' to release a live claim too. Returns 1 or 0.
local rk = KEYS[1]
if not owner_gone(rk, now_ms(), ARGV[2], ARGV[3]) then
  return 0
end
remove(rk)
return 1
