defmodule Demo.Rank.Scorer do
  @moduledoc """
  Scores chunks against a query.
  """

  defstruct weight: 1.0

  @doc """
  Scores one query.
  """
  @spec score(%__MODULE__{}, String.t(), float) :: float
  def score(%__MODULE__{weight: weight}, query, boost \\ 1.0)
      when is_binary(query) do
    terms = String.split(query, " ")
    total = Enum.reduce(terms, 0, fn t, acc -> acc + normalise(String.length(t), weight) end)
    total * boost
  end

  defp normalise(v, weight), do: v / weight

  defmacro twice(x) do
    quote do: unquote(x) * 2
  end

  defmodule Registry do
    def lookup(_name), do: nil
  end
end

defprotocol Demo.Weigher do
  def weigh(weigher, term)
end
