// The icon set content may name: lucide-react icons, chosen here so content files stay free of JSX.
import {
  Award, BadgeCheck, Bird, BrickWall, CalendarCheck, ClipboardCheck, Clock, CloudRain, Construction, DollarSign,
  Droplets, EyeOff, FileText, Flame, Hammer, HardHat, HeartHandshake, House, Landmark, Layers, Leaf, Lock, MapPin,
  Paintbrush, PaintRoller, Phone, PiggyBank, Ruler, Search, Shield, ShieldCheck, Snowflake, Sparkles, Sun, SunSnow,
  Thermometer, ThumbsUp, TriangleAlert, Users, Wind, Wrench, Zap, type LucideIcon,
} from "lucide-react";
import type { IconName } from "~/content/types";

const icons = {
  "alert-triangle": TriangleAlert,
  award: Award,
  "badge-check": BadgeCheck,
  bird: Bird,
  "brick-wall": BrickWall,
  "calendar-check": CalendarCheck,
  "clipboard-check": ClipboardCheck,
  clock: Clock,
  "cloud-rain": CloudRain,
  construction: Construction,
  "dollar-sign": DollarSign,
  droplets: Droplets,
  "eye-off": EyeOff,
  "file-text": FileText,
  flame: Flame,
  hammer: Hammer,
  "hard-hat": HardHat,
  "heart-handshake": HeartHandshake,
  home: House,
  landmark: Landmark,
  layers: Layers,
  leaf: Leaf,
  lock: Lock,
  "map-pin": MapPin,
  paintbrush: Paintbrush,
  phone: Phone,
  "piggy-bank": PiggyBank,
  ruler: Ruler,
  search: Search,
  shield: Shield,
  "shield-check": ShieldCheck,
  snowflake: Snowflake,
  sparkles: Sparkles,
  sun: Sun,
  "sun-snow": SunSnow,
  thermometer: Thermometer,
  "thumbs-up": ThumbsUp,
  trowel: PaintRoller,
  users: Users,
  wind: Wind,
  wrench: Wrench,
  zap: Zap,
} satisfies Record<IconName, LucideIcon>;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" className={className} />;
}
