open Printf

(** Weighs one term. *)
module type WEIGHER = sig
  val weigh : string -> float
end

(** Scores chunks against a query. *)
module Scorer = struct
  type t = { weight : float }

  (** Scores one query. *)
  let score t
      ?(boost = 1.0)
      query =
    let normalise v = v /. t.weight in
    let terms = String.split_on_char ' ' query in
    List.fold_left (fun acc w -> acc +. normalise (float_of_int (String.length w))) 0.0 terms
    *. boost
end

let rec even n = if n = 0 then true else odd (n - 1)
and odd n = if n = 0 then false else even (n - 1)

let helper = function
  | 0 -> 2
  | x -> max x 2

let () = printf "%b\n" (even 4)
