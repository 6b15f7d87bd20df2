module Demo.Rank.Scorer
  ( Scorer (..)
  , score
  ) where

import Data.List (foldl')

-- | Weighs one term.
class Weigher a where
  weigh :: a -> String -> Double

-- | Scores chunks against a query.
data Scorer = Scorer
  { weight :: Double
  }

instance Weigher Scorer where
  weigh s term = fromIntegral (length term) * weight s

-- | Scores one query.
{-# INLINE score #-}
score :: Scorer
      -> String
      -> Double
score s query = foldl' (\acc t -> acc + normalise t) 0 (words query)
  where
    normalise t =
      fromIntegral (length t) / weight s

helper :: Int -> Int
helper 0 = 2
helper x = max x 2

newtype Name = Name String

main :: IO ()
main = do
  print (score (Scorer 2) "a b")
