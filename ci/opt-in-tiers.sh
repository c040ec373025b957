# The opt-in tiers: ctest labels a run leaves out unless asked for, each with
# the variable that asks (1) or not (0, the default): tier:extended
# (CUCONFORM_EXTENDED: 2^32 drawn inputs per function of several arguments,
# 2^28 per double function) and tier:deep (CUCONFORM_DEEP: 2^36 inputs per
# double function against double-double references). A run that asks for some
# runs those alone; one that asks for none leaves them all out. Sourced by
# ci/gpu-run.sh and ci/conformance.sh.
OPT_IN_TIERS=(extended:CUCONFORM_EXTENDED deep:CUCONFORM_DEEP)

# The opt-in tiers' names joined by '|' (for a label regex).
opt_in_tier_names() {
  local IFS='|' names=("${OPT_IN_TIERS[@]%%:*}")
  echo "${names[*]}"
}
# Sets the array `tier` to ctest's selection from the variables; 2 (and a
# message naming CALLER) when one is neither 0 nor 1.
opt_in_tier_selection() {
  local caller=$1 t var val on=()
  for t in "${OPT_IN_TIERS[@]}"; do
    var=${t#*:}
    val=${!var:-0}
    case "$val" in
      0) ;;
      1) on+=("${t%%:*}") ;;
      *) echo "$caller: $var='$val' is not 0 or 1" >&2; return 2 ;;
    esac
  done
  if [ ${#on[@]} -gt 0 ]; then
    local IFS='|'
    tier=(-L "^tier:(${on[*]})\$")
  else
    tier=(-LE "^tier:($(opt_in_tier_names))\$")
  fi
}
