local M = {}

--- Scores chunks against a query.
-- @param query string
-- @param boost number
function M.score(query,
                 boost)
  local function normalise(v)
    return v / M.weight
  end
  local total = 0
  for term in string.gmatch(query, "%S+") do
    total = total + normalise(#term)
  end
  return total * (boost or 1)
end

function M:reset()
  self.weight = 1
end

local function helper(x)
  return math.max(x, 2)
end

return M
