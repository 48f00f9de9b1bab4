// The map picker comes from the map feature, handed in by the route that composes the wizard or the
// profile's settings form; this is the contract between them.
export type LocationPick = {
  lat: number;
  lng: number;
  address: string;
  place: { name: string; district: string | null; province: string | null } | null;
  pending: boolean;
};
export type LocationPickerProps = {
  value: { lat: number; lng: number } | null;
  onChange: (pick: LocationPick) => void;
  center?: { lat: number; lng: number } | null;
  // Starting zoom: 16 in the wizard (spec §9), 18 in the profile settings.
  zoom?: number;
  // Only the map and the point: the wizard's preview (issue 27).
  readOnly?: boolean;
};
