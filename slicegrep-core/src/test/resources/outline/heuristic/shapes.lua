-- Shapes.
local M = {}

function M.area(r)
  local sq = function(x) return x * x end
  return math.pi * sq(r)
end

local function helper(x)
  if x > 0 then
    return x
  end
  return -x
end

return M
